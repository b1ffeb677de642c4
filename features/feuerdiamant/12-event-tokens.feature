Feature: The event tokens
  Transcribes the rulebook section "The Event Tokens": what each kind of token
  does when it is carried out. The set of 28 tokens is our model (FD-MOD-04).

  @FD-EVT-01 @model-tracks
  Rule: A token with one hazard symbol moves that colour's indicator one space, a token with two symbols two spaces, and the spaces it reaches activate their own tokens
    Source: Cards and Tokens ¶107-109

    Example: "2 blue" moves blue two spaces and activates blue's token on the way
      Given a 2-player game at difficulty 5
      And no event token lies on the blue track
      And the event token "2 blue" lies on space 6 of the red track
      And the event token "1 white" lies on space 6 of the blue track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then the blue hazard indicator stands on space 7
      And the event token on space 6 of the blue track is activated

  @FD-EVT-02 @model-tracks
  Rule: A roadblock token lies down on the fingerprint space between the two locations it names
    Source: Cards and Tokens ¶110

    Example: the roadblock between Kunstgalerie and Zeitungsverlag
      Given a 2-player game at difficulty 5
      And the event token "roadblock Kunstgalerie~Zeitungsverlag" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then a roadblock lies between "Kunstgalerie" and "Zeitungsverlag"
      And it is Peter's movement step

  @FD-EVT-03 @ruling @model-tracks
  Rule: "Double the hazard die" moves the indicator the die moved this turn once more, so the die's result counts twice
    Source: Cards and Tokens ¶108
    The rulebook names such a token only in a note on "Hazard Die x2"; we model it
    as repeating this turn's die result (for a star, the colour chosen). When
    the die's result was ignored nothing moved, and the token does nothing.

    Example: red rolled, red moves again
      Given a 2-player game at difficulty 5
      And no event token lies on the red track
      And the event token "double the hazard die" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then the red hazard indicator stands on space 7

  @FD-EVT-04 @model-tracks
  Rule: "Palisades Park and Hospital" sends the face-up suspects on those two locations into hiding beside the board; face-down cards and helpers stay
    Source: Cards and Tokens ¶112

    Example: both face up
      Given a 2-player game at difficulty 5
      And "Victor Hugenay" lies face up at "Palisades Park"
      And "Skinny Norris" lies face up at "Hospital"
      And the event token "Palisades Park and Hospital" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then "Victor Hugenay" is in hiding beside the board
      And "Skinny Norris" is in hiding beside the board

    Example: only one face up
      Given a 2-player game at difficulty 5
      And "Victor Hugenay" lies face up at "Palisades Park"
      And "Morton" lies face up at "Hospital"
      And the event token "Palisades Park and Hospital" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then "Victor Hugenay" is in hiding beside the board
      And "Morton" lies face up at "Hospital"

  @FD-EVT-05 @model-tracks
  Rule: "Shuffle two suspects" turns two face-up suspects from any locations face down and shuffles them between their two places; a lone face-up suspect is turned face down where he lies
    Source: Cards and Tokens ¶111

    Example: Peter picks two of three face-up suspects, chance places them
      Given a 2-player game at difficulty 5
      And "Victor Hugenay" lies face up at "Jachthafen"
      And "Skinny Norris" lies face up at "Hospital"
      And "Brittany" lies face up at "Rathaus"
      And the event token "shuffle two suspects" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event on "Victor Hugenay" and "Skinny Norris"
      Then chance is to place a person
      When chance draws "Skinny Norris"
      And chance draws "Victor Hugenay"
      Then "Skinny Norris" lies face down at "Hospital"
      And "Victor Hugenay" lies face down at "Jachthafen"
      And "Brittany" lies face up at "Rathaus"
      And no view shows a face-down card

    Example: a lone face-up suspect turns face down in place
      Given a 2-player game at difficulty 5
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the event token "shuffle two suspects" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then "Victor Hugenay" lies face down at "Jachthafen"
