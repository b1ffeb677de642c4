Feature: Turn Sequence — marking clues and ending the turn
  Transcribes step 4 of the rulebook's "Turn Sequence": note what you were
  shown, leave the markers where they are, and the player to your left
  plays next.

  @CD-END-01
  Rule: After the answer to a question the turn ends and passes to the left
    Source: Turn Sequence ¶74
    See also: CD-END-03, CD-QUE-06
    @needs:CD-QUE-04
    Example: Bob's turn follows Peter's question
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Justus Jonas holds Dick Perry
      And Bob Andrews holds none of Dick Perry, the golden belt and the Highschool
      And Peter Shaw has just entered the Highschool
      When Peter Shaw asks about Dick Perry, the golden belt and the Highschool
      And Justus Jonas shows Dick Perry
      Then it is Bob Andrews's turn

    @needs:CD-QUE-06
    Example: after a question nobody could answer, the turn passes to the left too
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Skinner Norris, the golden belt and the Friedhof
      Then it is Peter Shaw's turn

  @CD-END-02
  Rule: What you were shown stays on your notepad for the rest of the game
    Source: Turn Sequence ¶71-72
    @needs:CD-QUE-04
    Example: a card shown in an earlier turn is still noted after the next one is shown
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Peter Shaw holds Dick Perry and the Memorial Hospital
      And Peter Shaw has shown Justus Jonas Dick Perry
      And Justus Jonas has just entered the Memorial Hospital
      When Justus Jonas asks about Mr. Grey, the painting and the Memorial Hospital
      And Peter Shaw shows the Memorial Hospital
      Then Justus Jonas has seen Dick Perry
      And Justus Jonas has seen the Memorial Hospital

    @needs:CD-END-01
    Example: a card shown stays noted when the turn passes on
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Peter Shaw holds Dick Perry
      And Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Dick Perry, the painting and the Friedhof
      And Peter Shaw shows Dick Perry
      Then Justus Jonas has seen Dick Perry

  @CD-END-03 @ruling @model-markers
  Rule: The markers stay in the location of the question until a later question names them
    Source: Turn Sequence ¶73
    The rulebook's step 4 says to leave the markers "at the location where you
    picked them up", which could also be read as putting them back where they
    came from.  Its step 3 has just put them in the location asked about, so
    we read it as leaving them there: a marker moves again only when a later
    question names it (CD-QUE-03), and a marker not named stays put.

    @needs:CD-END-01
    Example: after the turn Victor Hugenay's and the painting's markers stay in Palisades Park
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Justus Jonas has just entered the Palisades Park
      When Justus Jonas asks about Victor Hugenay, the painting and Palisades Park
      And every question is answered
      Then the markers of Victor Hugenay and the painting stand in Palisades Park

    @needs:CD-QUE-04
    Example: a later question fetches Victor Hugenay's marker and leaves the painting's in Palisades Park
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And the markers of Victor Hugenay and the painting stand in Palisades Park
      And Peter Shaw has just entered the Memorial Hospital
      When Peter Shaw asks about Victor Hugenay, the golden belt and the Memorial Hospital
      And every question is answered
      Then the marker of Victor Hugenay stands in Memorial Hospital
      And the marker of the painting stands in Palisades Park
      And the marker of the golden belt stands in Memorial Hospital
