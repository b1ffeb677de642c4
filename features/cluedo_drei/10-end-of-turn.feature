Feature: Turn Sequence — marking clues and ending the turn
  Transcribes step 4 of the rulebook's "Turn Sequence": note what you were
  shown, leave the markers where they are, and the player to your left
  plays next.

  @CD-END-01
  Rule: After the answer to a question the turn ends and passes to the left; the markers stay in the location
    Source: Turn Sequence ¶73-74
    Example: Bob's turn follows Peter's question, the markers stay in the Highschool
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Justus Jonas holds Dick Perry
      And Bob Andrews holds none of Dick Perry, the golden belt and the Highschool
      And Peter Shaw has just entered the Highschool
      When Peter Shaw asks about Dick Perry, the golden belt and the Highschool
      And Justus Jonas shows Dick Perry
      Then it is Bob Andrews's turn
      And the markers of Dick Perry and the golden belt stand in Highschool

  @CD-END-02
  Rule: What you were shown stays on your notepad for the rest of the game
    Source: Turn Sequence ¶71-72
    @model-board
    Example: two shown cards are both noted
      Given a game of Justus Jonas and Peter Shaw
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Peter Shaw holds Dick Perry and the Memorial Hospital
      And Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Dick Perry, the painting and the Friedhof
      And Peter Shaw shows Dick Perry
      And Peter Shaw rolls 2 and 2
      And Peter Shaw moves to Ring 14
      And Justus Jonas takes the secret passage
      And Justus Jonas asks about Mr. Grey, the painting and the Memorial Hospital
      And Peter Shaw shows the Memorial Hospital
      Then Justus Jonas has seen Dick Perry
      And Justus Jonas has seen the Memorial Hospital
